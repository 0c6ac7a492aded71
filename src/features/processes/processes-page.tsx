import { PlaceholderPage } from '@/components/placeholder-page';

export default function ProcessesPage() {
  return <PlaceholderPage />;
}
