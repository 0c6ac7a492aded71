import { PlaceholderPage } from '@/components/placeholder-page';

export default function UserDashboardPage() {
  return <PlaceholderPage />;
}
