import { PlaceholderPage } from '@/components/placeholder-page';

export default function LoginPage() {
  return <PlaceholderPage />;
}
