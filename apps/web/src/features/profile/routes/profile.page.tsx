/** Profile and addresses (docs/product.md §2 Profile). Signed-in only (the route guard). */
import { useState } from 'react';
import { Avatar, Button, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import { CONFIRM_EMAIL_PARAM, EMAIL_CHANGE_MESSAGES } from '@shop/schema';
import { useSearchParams } from 'react-router-dom';
import { IconCalendar, IconEdit, IconMail, IconPhone } from '@tabler/icons-react';
import { RoleBadge } from '../../../components/role-badge';
import { fullName, initials, useAuth } from '../../auth';
import { EditProfileDialog } from '../components/edit-profile-dialog';
import { EmailConfirmation } from '../components/email-confirmation';
import { usePendingEmail } from '../api/use-pending-email';
import { DeliveryAddressesCard } from '../../addresses';
import { pictureSrc } from '../../../lib/pictures';

export function ProfilePage() {
  const { user } = useAuth();
  const [editing, setEditing] = useState(false);
  const [params] = useSearchParams();
  const pending = usePendingEmail(!params.has(CONFIRM_EMAIL_PARAM));
  if (!user) return null; // the route guard renders this page only when signed in

  return (
    <Container size="md" py="lg">
      <Title order={1} mb="lg">
        My Profile
      </Title>
      <Stack gap="lg">
        <EmailConfirmation />
        <Card withBorder radius="md" padding="lg" data-testid="profile-card">
          <Group justify="space-between" align="flex-start">
            <Group wrap="nowrap">
              <Avatar src={pictureSrc(user.profileImageUrl)} size={72} radius="xl" color="green">
                {initials(user)}
              </Avatar>
              <div>
                <Title order={2} data-testid="profile-name">
                  {fullName(user)}
                </Title>
                <RoleBadge role={user.role} mt={4} />
              </div>
            </Group>
            <Button variant="default" leftSection={<IconEdit size={16} />} onClick={() => setEditing(true)}>
              Edit Profile
            </Button>
          </Group>
          <Stack gap="xs" mt="lg">
            <Group gap="xs">
              <IconMail size={16} />
              <Text data-testid="profile-email">{user.email}</Text>
            </Group>
            {pending.data && (
              <Text size="sm" c="dimmed" data-testid="profile-pending-email">
                {EMAIL_CHANGE_MESSAGES.sent(pending.data.email)}
              </Text>
            )}
            <Group gap="xs">
              <IconPhone size={16} />
              <Text data-testid="profile-phone">{user.phone || 'Not provided'}</Text>
            </Group>
            <Group gap="xs">
              <IconCalendar size={16} />
              <Text data-testid="profile-member-since">
                Member since {user.createdAt ? new Date(user.createdAt).toLocaleDateString() : 'Unknown'}
              </Text>
            </Group>
          </Stack>
        </Card>
        <DeliveryAddressesCard />
      </Stack>
      <EditProfileDialog user={user} opened={editing} onClose={() => setEditing(false)} />
    </Container>
  );
}
