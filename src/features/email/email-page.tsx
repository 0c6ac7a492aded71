import { PlaceholderPage } from '@/components/placeholder-page';

export default function EmailPage() {
  return <PlaceholderPage />;
}
