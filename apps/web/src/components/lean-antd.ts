/**
 * antd components without the sub-components their index module attaches to them, for the pages whose weight
 * matters (home, navigation bar, problem page). `Avatar` from 'antd' carries `Avatar.Group`, which renders its
 * overflow in a Popover: every page showing an avatar loaded rc-trigger, Tooltip and Popover (~14 KB brotli).
 */
export { default as Avatar } from 'antd/es/avatar/Avatar.js';
