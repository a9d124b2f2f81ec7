/** /admin/users/create (docs/product.md §2 Create User). */
import { Button, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { paths } from '../../../paths';
import { UserForm } from '../components/user-form';

export function UserCreatePage() {
  return (
    <>
      <UserPageTitle
        title="Create User"
        description="Add a user before their first sign-in and choose their role"
      />
      <UserForm user={null} />
    </>
  );
}

export function UserPageTitle({ title, description }: { title: string; description: string }) {
  return (
    <div style={{ marginBottom: 'var(--mantine-spacing-lg)' }}>
      <Button
        component={Link}
        to={paths.adminUsers}
        variant="subtle"
        color="gray"
        size="compact-sm"
        leftSection={<IconArrowLeft size={14} />}
        mb={4}
      >
        Back to Users
      </Button>
      <Title order={1} size="h2">
        {title}
      </Title>
      <Text c="dimmed">{description}</Text>
    </div>
  );
}
