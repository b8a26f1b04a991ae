import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';

export function BackToLogin() {
  return (
    <Anchor component={Link} to={paths.login} size="sm">
      Back to Login
    </Anchor>
  );
}
