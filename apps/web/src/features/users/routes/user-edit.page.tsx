/** /admin/users/:id/edit (docs/product.md §2 Edit User): loads the user, pre-fills the form; 'User not found' if missing. */
import { Button, Card, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
import { paths } from '../../../paths';
import { httpStatusOf } from '../../../lib/errors';
import { useUnauthorizedRedirect } from '../../../lib/use-admin-errors';
import { useUser } from '../api/use-users';
import { UserForm } from '../components/user-form';
import { SignOutUserEverywhere } from '../components/sign-out-user-everywhere';
import { UserPageTitle } from './user-create.page';

export function UserEditPage() {
  const { id = '' } = useParams();
  const user = useUser(id);
  useUnauthorizedRedirect(user.error);
  const missing = user.isError && [400, 404].includes(httpStatusOf(user.error) ?? 0);

  return (
    <>
      <UserPageTitle title="Edit User" description="Change the user's details and role" />
      {user.isLoading ? (
        <Card withBorder radius="md" padding="lg" maw={720} data-testid="user-form-loading">
          <Stack>
            {Array.from({ length: 5 }, (_, i) => (
              <Skeleton key={i} h={36} />
            ))}
          </Stack>
        </Card>
      ) : user.data ? (
        <>
          <UserForm key={user.data.id} user={user.data} />
          <SignOutUserEverywhere user={user.data} />
        </>
      ) : (
        <Card withBorder radius="md" padding="xl" maw={720} data-testid="user-not-found">
          <Stack align="center" gap="xs" ta="center">
            <Title order={2} size="h3">
              {missing || !user.isError ? 'User not found' : 'The user could not be loaded'}
            </Title>
            <Text c="dimmed">
              {missing ? 'There is no user with this id. It may have been deleted.' : 'Please try again.'}
            </Text>
            <Button component={Link} to={paths.adminUsers} variant="default">
              Back to Users
            </Button>
          </Stack>
        </Card>
      )}
    </>
  );
}
