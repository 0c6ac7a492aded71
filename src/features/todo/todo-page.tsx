import { PlaceholderPage } from '@/components/placeholder-page';

export default function TodoPage() {
  return <PlaceholderPage />;
}
