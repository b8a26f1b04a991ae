import { AppShell } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Outlet } from 'react-router';
import { Footer } from './footer';
import { Sidebar } from './sidebar';
import { TopBar } from './top-bar';

/** The signed-in shell: top bar, collapsible sidebar (a drawer below 1024 px), main, footer. */
export function AppLayout() {
  const [mobileOpened, mobile] = useDisclosure(false);
  const [desktopOpened, desktop] = useDisclosure(true);

  return (
    <AppShell
      header={{ height: 56 }}
      footer={{ height: 36 }}
      navbar={{
        width: 260,
        breakpoint: 'md',
        collapsed: { mobile: !mobileOpened, desktop: !desktopOpened },
      }}
      padding="md"
    >
      <AppShell.Header>
        <TopBar
          mobileOpened={mobileOpened}
          desktopOpened={desktopOpened}
          toggleMobile={mobile.toggle}
          toggleDesktop={desktop.toggle}
        />
      </AppShell.Header>
      <AppShell.Navbar aria-label="Main navigation">
        <Sidebar onNavigate={mobile.close} />
      </AppShell.Navbar>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
      <AppShell.Footer>
        <Footer />
      </AppShell.Footer>
    </AppShell>
  );
}

export { AppLayout as Component };
