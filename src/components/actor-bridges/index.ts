export { useActorEvents, useSendOnChange } from './actor-bridges';
