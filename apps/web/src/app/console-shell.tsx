import { useEffect } from 'react';
import { PageTitlePlaceholder } from './page-title-placeholder';
import { HOME_PATH } from './paths';
import { BrandLink, HeaderBar, ShellFrame } from './shell-frame';

/** Runs `work` once, after the browser has painted what was just drawn (or after 100 ms at most). */
function afterPaint(work: () => void): () => void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    work();
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(once, 0);
  });
  const fallback = setTimeout(once, 100);
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
    clearTimeout(fallback);
  };
}

/**
 * What a signed-in visitor sees while the console's code loads: the frame,
 * the header bar with the product name and the title of the screen being
 * opened. `onShown` runs once it is on screen; the console then draws itself
 * in its place.
 */
export function ConsoleShell({ pathname, onShown }: { pathname: string; onShown: () => void }) {
  useEffect(() => afterPaint(onShown), [onShown]);
  return (
    <ShellFrame header={<HeaderBar start={<BrandLink href={HOME_PATH} />} end={null} />}>
      <PageTitlePlaceholder pathname={pathname} />
    </ShellFrame>
  );
}
