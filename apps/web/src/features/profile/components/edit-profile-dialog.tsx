/** The Edit Profile dialog (docs/product.md §2, §5: first name, last name, email, phone — all optional). */
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Button, Group, Modal, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { PROFILE_LIMITS, ProfileUpdateInput, type CurrentUserDto } from '@shop/schema';
import { toast } from '../../../lib/toast';
import { errorMessage } from '../../../lib/errors';
import { useUpdateProfile } from '../api/use-update-profile';

interface Values {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}
type Errors = Partial<Record<keyof Values, string>>;

export function EditProfileDialog({
  user,
  opened,
  onClose,
}: {
  user: CurrentUserDto;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="Edit Profile" centered>
      {opened && <ProfileForm user={user} onDone={onClose} />}
    </Modal>
  );
}

function ProfileForm({ user, onDone }: { user: CurrentUserDto; onDone: () => void }) {
  const [values, setValues] = useState<Values>({
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    email: user.email,
    phone: user.phone ?? '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const update = useUpdateProfile();

  const field = (name: keyof Values) => ({
    value: values[name],
    error: errors[name],
    maxLength: PROFILE_LIMITS[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const value = event.currentTarget.value;
      setValues((previous) => ({ ...previous, [name]: value }));
      setErrors((previous) => ({ ...previous, [name]: undefined }));
    },
  });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = ProfileUpdateInput.safeParse(values);
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const name = issue.path[0] as keyof Values | undefined;
        if (name && !found[name]) found[name] = issue.message;
      }
      setErrors(found);
      return;
    }
    try {
      // A new email waits for its link; the profile card says so (profile.page.tsx).
      await update.mutateAsync(values);
      toast({ title: 'Profile updated', description: 'Your profile has been updated successfully.' });
      onDone();
    } catch (error) {
      toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' });
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <SimpleGrid cols={2}>
          <TextInput label="First Name" autoComplete="given-name" {...field('firstName')} />
          <TextInput label="Last Name" autoComplete="family-name" {...field('lastName')} />
        </SimpleGrid>
        <TextInput label="Email" type="email" autoComplete="email" {...field('email')} />
        <TextInput label="Phone" type="tel" autoComplete="tel" {...field('phone')} />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onDone} disabled={update.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending}>
            Save Changes
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
