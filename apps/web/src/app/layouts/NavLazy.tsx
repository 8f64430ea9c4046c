import type { DrawerProps, PopoverProps } from 'antd';
import { cloneElement, lazy, type ReactElement, Suspense, useRef, useState } from 'react';

/**
 * antd's Drawer and Popover for the navigation bar, loaded when first needed: the bar is on every page, the drawer
 * opens only under 992 px on a tap and the popover (the rank entry's sub-menu) on a hover, and together with the
 * popup machinery they carry (rc-trigger, rc-drawer, portals, motion) they were a tenth of the home page's bytes.
 */
const Drawer = lazy(() => import('antd/es/drawer/index.js'));
const Popover = lazy(() => import('antd/es/popover/index.js'));

/** The drawer, mounted from its first opening on (then kept, so closing animates as before). */
export function NavDrawer(props: DrawerProps) {
  const [used, setUsed] = useState(false);
  if (props.open && !used) setUsed(true);
  if (!used && !props.open) return null;
  return (
    <Suspense fallback={null}>
      <Drawer {...props} />
    </Suspense>
  );
}

/**
 * The popover around `children` (one element, the trigger): the trigger alone until the pointer or focus reaches
 * it, then the real Popover, opened at once when the pointer is still on the trigger (it entered before the
 * popover existed to see it).
 */
export function NavPopover({
  children,
  ...props
}: Omit<PopoverProps, 'children'> & { children: ReactElement<React.HTMLAttributes<HTMLElement>> }) {
  const [armed, setArmed] = useState(false);
  const hovered = useRef(false);
  if (!armed) {
    return cloneElement(children, {
      onMouseEnter: () => {
        hovered.current = true;
        setArmed(true);
      },
      onFocus: () => setArmed(true),
    });
  }
  const trigger = cloneElement(children, {
    onMouseLeave: () => {
      hovered.current = false;
    },
  });
  return (
    <Suspense fallback={trigger}>
      <Popover {...props} defaultOpen={hovered.current}>
        {children}
      </Popover>
    </Suspense>
  );
}
