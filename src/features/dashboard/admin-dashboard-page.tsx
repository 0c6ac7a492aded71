import { PlaceholderPage } from '@/components/placeholder-page';

export default function AdminDashboardPage() {
  return <PlaceholderPage />;
}
