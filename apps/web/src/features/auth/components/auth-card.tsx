import type { ReactNode } from 'react';
import { Card, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';

/** The frame of the account screens: an icon, a title, a subtitle and the content. */
export function AuthCard({
  icon,
  iconColor = 'green',
  title,
  subtitle,
  children,
  testId,
}: {
  icon: ReactNode;
  iconColor?: string;
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Center py={{ base: 'lg', sm: 48 }}>
      <Card withBorder radius="md" padding="xl" w="100%" maw={440} shadow="sm" data-testid={testId}>
        <Stack gap="lg">
          <Stack gap={6} align="center" ta="center">
            <ThemeIcon size={52} radius="xl" variant="light" color={iconColor}>
              {icon}
            </ThemeIcon>
            <Title order={1} fz={26}>
              {title}
            </Title>
            {subtitle && <Text c="dimmed">{subtitle}</Text>}
          </Stack>
          {children}
        </Stack>
      </Card>
    </Center>
  );
}
