import { AppShell, Box } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Outlet } from 'react-router';
import { isImpersonating, useCurrentUser } from '@/lib/current-user';
import { Footer } from './footer';
import { IMPERSONATION_BANNER_HEIGHT, ImpersonationBanner } from './impersonation-banner';
import { Sidebar } from './sidebar';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';
import { TopBar } from './top-bar';

const TOP_BAR_HEIGHT = 56;

/**
 * The signed-in shell: a skip link, the top bar (under the impersonation banner while
 * impersonating), a collapsible sidebar (a drawer below 1024 px), main, footer.
 */
export function AppLayout() {
  const user = useCurrentUser();
  const impersonating = isImpersonating(user);
  const [mobileOpened, mobile] = useDisclosure(false);
  const [desktopOpened, desktop] = useDisclosure(true);

  return (
    <AppShell
      header={{ height: TOP_BAR_HEIGHT + (impersonating ? IMPERSONATION_BANNER_HEIGHT : 0) }}
      footer={{ height: 36 }}
      navbar={{
        width: 260,
        breakpoint: 'md',
        collapsed: { mobile: !mobileOpened, desktop: !desktopOpened },
      }}
      padding="md"
    >
      <SkipLink />
      <AppShell.Header>
        {impersonating && <ImpersonationBanner />}
        <Box h={TOP_BAR_HEIGHT}>
          <TopBar
            mobileOpened={mobileOpened}
            desktopOpened={desktopOpened}
            toggleMobile={mobile.toggle}
            toggleDesktop={desktop.toggle}
          />
        </Box>
      </AppShell.Header>
      <AppShell.Navbar aria-label="Main navigation">
        <Sidebar onNavigate={mobile.close} />
      </AppShell.Navbar>
      <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1} style={{ outline: 'none' }}>
        <Outlet />
      </AppShell.Main>
      <AppShell.Footer>
        <Footer />
      </AppShell.Footer>
    </AppShell>
  );
}

export { AppLayout as Component };
