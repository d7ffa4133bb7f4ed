export { DevCodeBanner, OneTimeCodeField, PhoneInUse, ResendCodeButton } from './components';
export { useResendClock } from './use-step-flow';
