/** What other features may use of the conversations feature (the console's tab). */
export {
  audienceQuery,
  type Broadcast,
  broadcastGroupsQuery,
  broadcastsQuery,
  type Conversation,
  inboxQuery,
  threadQuery,
  useSendBroadcast,
} from './api';
export { Composer } from './Composer';
export { MessageThread } from './MessageThread';
export { useMarkReadWhenSeen } from './use-mark-read';
