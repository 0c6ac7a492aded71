import { PlaceholderPage } from '@/components/placeholder-page';

export default function MaintenancePage() {
  return <PlaceholderPage />;
}
