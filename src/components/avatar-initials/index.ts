export { AvatarInitials, initialsOf } from './avatar-initials';
