export { BackLink } from './BackLink';
export { DocumentTitle } from './DocumentTitle';
export { NotFoundPage } from './NotFoundPage';
