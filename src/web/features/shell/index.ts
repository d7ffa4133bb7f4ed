export { BackLink } from './BackLink';
export { DocumentTitle } from './DocumentTitle';
