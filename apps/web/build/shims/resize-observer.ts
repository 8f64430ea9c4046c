/**
 * `resize-observer-polyfill` for the build: every browser the app targets (es2022) has ResizeObserver, so the
 * 33 KB polyfill rc-resize-observer imports (on every page with a popup) is replaced by the native one.
 */
export default globalThis.ResizeObserver;
