import { PlaceholderPage } from '@/components/placeholder-page';

export default function ScreenshotsPage() {
  return <PlaceholderPage />;
}
