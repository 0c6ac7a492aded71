import { PlaceholderPage } from '@/components/placeholder-page';

export default function Error500Page() {
  return <PlaceholderPage />;
}
