import { PlaceholderPage } from '@/components/placeholder-page';

export default function OrganizationsPage() {
  return <PlaceholderPage />;
}
