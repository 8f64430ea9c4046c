import { type ComponentType, lazy, Suspense, useState } from 'react';

/**
 * A dialog, drawer or popup component loaded when it is first opened: nothing of it (nor of the antd component
 * it renders) is fetched before, and once loaded it stays mounted, so closing animates as before.
 */
export function lazyOnOpen<P extends { open?: boolean }>(
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  const Lazy = lazy(() => load().then((C) => ({ default: C })));
  // biome-ignore lint/correctness/noComponentHookFactories: called once per component, at module level
  return function OnOpen(props: P) {
    const [used, setUsed] = useState(false);
    if (props.open && !used) setUsed(true);
    if (!used && !props.open) return null;
    return (
      <Suspense fallback={null}>
        {/* biome-ignore lint/suspicious/noExplicitAny: the props are P, lazy() loses the generic */}
        <Lazy {...(props as any)} />
      </Suspense>
    );
  };
}
