import { PlaceholderPage } from '@/components/placeholder-page';

export default function ForgetPasswordPage() {
  return <PlaceholderPage />;
}
