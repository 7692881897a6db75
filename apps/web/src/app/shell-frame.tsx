import { Anchor, AppShell, Container, Group, Text, type TextProps } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './app-layout.module.css';

const HEADER_HEIGHT = 56;
const MAIN_CONTENT_ID = 'main-content';

interface ShellFrameProps {
  /** The header bar, unless the page hides it. */
  header?: ReactNode;
  /** The side panel of links on small screens, when it is open. */
  mobileNav?: ReactNode;
  navOpened?: boolean;
  /** Below this width the links are in the side panel (`navBreakpointOf`). */
  navBreakpoint?: 'sm' | 'md' | 'lg';
  /** What stands outside the main area: overlays, dialogs. */
  outside?: ReactNode;
  children: ReactNode;
}

/**
 * The frame of every page: a skip link, the header, the main area. Shared by
 * the console's layout and the sign-in page a first visit opens, so both look
 * the same.
 */
export function ShellFrame({
  header,
  mobileNav,
  navOpened = false,
  navBreakpoint = 'sm',
  outside,
  children,
}: ShellFrameProps) {
  const { t } = useTranslation();
  return (
    <AppShell
      header={header ? { height: HEADER_HEIGHT } : undefined}
      navbar={{ width: 240, breakpoint: navBreakpoint, collapsed: { mobile: !navOpened, desktop: true } }}
      padding="md"
    >
      <Anchor href={`#${MAIN_CONTENT_ID}`} className={classes.skipLink}>
        {t('common.skipToContent')}
      </Anchor>
      {header}
      {header && navOpened && mobileNav}
      <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1} style={{ outline: 'none' }}>
        <Container size="xl" px={0}>
          {children}
        </Container>
      </AppShell.Main>
      {outside}
    </AppShell>
  );
}

/** The header bar: `start` (product name, links) gives way before `end` (the menus) does. */
export function HeaderBar({ start, end }: { start: ReactNode; end: ReactNode }) {
  return (
    <AppShell.Header>
      <Group h="100%" px="md" justify="space-between" wrap="nowrap">
        {/* The links give way (and scroll) before the menus on the right do. */}
        <Group gap="md" wrap="nowrap" style={{ minWidth: 0, flex: 1 }}>
          {start}
        </Group>
        <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
          {end}
        </Group>
      </Group>
    </AppShell.Header>
  );
}

/** How the product name in the header looks (it links home, or to sign-in). */
export const BRAND_TEXT_PROPS = {
  fw: 700,
  fz: 'xl',
  c: 'blue.8',
  td: 'none',
  style: { letterSpacing: '0.02em' } satisfies CSSProperties,
} as const satisfies TextProps;

/** The product name as a plain link (the frames drawn before the console's router is there). */
export function BrandLink({ href }: { href: string }) {
  const { t } = useTranslation();
  return (
    <Text component="a" href={href} {...BRAND_TEXT_PROPS}>
      {t('common.appName')}
    </Text>
  );
}
