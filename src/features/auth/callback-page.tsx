import { PlaceholderPage } from '@/components/placeholder-page';

export default function CallbackPage() {
  return <PlaceholderPage />;
}
