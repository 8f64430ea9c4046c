import { unstableSetRender } from 'antd';
import { createRoot, type Root } from 'react-dom/client';

/**
 * antd 5's static methods (message, Modal.confirm) render through ReactDOM.render, which React 19 removed; this
 * registers a createRoot-based renderer instead (antd's documented hook for React 19).
 */
type Container = (Element | DocumentFragment) & { _ojRoot?: Root };

unstableSetRender((node, container) => {
  const c = container as Container;
  c._ojRoot ??= createRoot(c);
  const root = c._ojRoot;
  root.render(node);
  return async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    root.unmount();
    c._ojRoot = undefined;
  };
});
