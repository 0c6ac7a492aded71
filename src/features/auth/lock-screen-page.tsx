import { PlaceholderPage } from '@/components/placeholder-page';

export default function LockScreenPage() {
  return <PlaceholderPage />;
}
