import { PlaceholderPage } from '@/components/placeholder-page';

export default function PredictionReportPage() {
  return <PlaceholderPage />;
}
