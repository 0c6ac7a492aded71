import { PlaceholderPage } from '@/components/placeholder-page';

export default function ComingSoonPage() {
  return <PlaceholderPage />;
}
