import type { OperatingSystem, ServiceUnit } from '../machines/domain/types';
import type { ScreenshotRecord } from './screenshots';

/**
 * A screenshot the app draws instead of an image (no image data): the seeds' and a simulated agent's answer
 * to a capture (api/services/agent-api.ts), both backends alike.
 */

const WINDOWS: Record<OperatingSystem, [process: string, title: string][]> = {
  windows: [
    ['chrome.exe', 'Inbox – Gmail – Google Chrome'],
    ['chrome.exe', 'Shipment tracking dashboard – Google Chrome'],
    ['msedge.exe', 'SharePoint – Team site – Microsoft Edge'],
    ['OUTLOOK.EXE', 'Inbox – Outlook'],
    ['EXCEL.EXE', 'Q3 freight costs.xlsx – Excel'],
    ['WINWORD.EXE', 'Delivery contract draft.docx – Word'],
    ['Teams.exe', 'Daily stand-up | Microsoft Teams'],
    ['explorer.exe', 'File Explorer – Documents'],
    ['Code.exe', 'routes.ts – warehouse-app – Visual Studio Code'],
    ['steam.exe', 'Steam – Store'],
  ],
  macos: [
    ['Safari', 'Apple – Safari'],
    ['Google Chrome', 'Customer portal – Google Chrome'],
    ['Mail', 'Inbox – Mail'],
    ['Microsoft Teams', 'Sales weekly | Microsoft Teams'],
    ['Slack', 'Slack – #operations'],
    ['Finder', 'Finder – Downloads'],
    ['Xcode', 'Xcode – ScannerApp'],
    ['Spotify', 'Spotify Premium'],
  ],
  linux: [
    ['firefox', 'Grafana – Mozilla Firefox'],
    ['firefox', 'Merge request !412 – GitLab – Mozilla Firefox'],
    ['gnome-terminal', 'ops@build-server: ~/deploy'],
    ['code', 'docker-compose.yml – infra – Visual Studio Code'],
    ['slack', 'Slack – #incidents'],
    ['chrome', 'Kibana – Discover – Google Chrome'],
  ],
};

const RESOLUTIONS: [number, number][] = [
  [1920, 1080],
  [2560, 1440],
  [1366, 768],
  [1440, 900],
  [3840, 2160],
];

export function makeShot(
  unit: Pick<ServiceUnit, 'id' | 'organizationId' | 'operatingSystem'>,
  at: number,
  random: () => number,
): Omit<ScreenshotRecord, 'id'> {
  const options = WINDOWS[unit.operatingSystem] ?? WINDOWS.linux;
  const [processName, title] = options[Math.floor(random() * options.length)] ?? ['explorer.exe', 'Desktop'];
  const [width, height] = RESOLUTIONS[Math.floor(random() * RESOLUTIONS.length)] ?? [1920, 1080];
  const flagged = random() < 0.04;
  return {
    serviceUnitId: String(unit.id),
    organizationId: String(unit.organizationId),
    capturedAt: new Date(at).toISOString(),
    width,
    height,
    activeWindowTitle: title,
    processName,
    flagged,
    note: flagged ? 'Looks unrelated to work – please review' : '',
  };
}
