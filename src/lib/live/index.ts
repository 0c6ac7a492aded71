export { liveEventsActor, sessionLiveLogic, silentLiveLogic, useLiveStatus } from './live-service';
export type { LiveStatus } from '@machines/live/live-events.machine';
