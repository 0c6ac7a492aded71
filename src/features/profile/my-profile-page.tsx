import { PlaceholderPage } from '@/components/placeholder-page';

export default function MyProfilePage() {
  return <PlaceholderPage />;
}
