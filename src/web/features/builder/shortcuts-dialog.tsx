import { BUILDER_SHORTCUTS } from '@shared/landing-pages/builder.ts';
import { Dialog } from '@web/components/ui/dialog.tsx';

const isMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

export function ShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const mod = isMac() ? 'Cmd' : 'Ctrl';
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()} title="Keyboard Shortcuts">
      <table className="w-full text-sm">
        <thead className="sr-only">
          <tr>
            <th>Keys</th>
            <th>Action</th>
          </tr>
        </thead>
        <tbody>
          {BUILDER_SHORTCUTS.map((shortcut) => (
            <tr key={shortcut.keys} className="border-b border-gray-100 last:border-0">
              <td className="py-2 pr-4 font-mono whitespace-nowrap text-gray-900">{shortcut.keys.replaceAll('Mod', mod)}</td>
              <td className="py-2 text-gray-700">{shortcut.action}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Dialog>
  );
}
