export { AdminSignalsTab } from './AdminSignalsTab';
