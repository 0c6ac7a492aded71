import { PlaceholderPage } from '@/components/placeholder-page';

export default function ServiceUnitsPage() {
  return <PlaceholderPage />;
}
