// antd-mobile, imported per component (with its global theme variables) so only what is used ships.
import 'antd-mobile/es/global';

export { default as CenterPopup } from 'antd-mobile/es/components/center-popup';
export { default as Popup } from 'antd-mobile/es/components/popup';
