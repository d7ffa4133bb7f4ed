/** What other features may use of the program terms: the gate before referring or cashing out. */
export { ProgramTermsGate } from './ProgramTermsGate';
