export { DevCodeBanner } from './components';
