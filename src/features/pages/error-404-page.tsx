import { PlaceholderPage } from '@/components/placeholder-page';

export default function Error404Page() {
  return <PlaceholderPage />;
}
