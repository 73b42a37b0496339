import type { PuzzleScene } from '@exchange/contracts';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/modal';
import { SlidePuzzle } from './slide-puzzle';

/** The security check before a login or an e-mail code: solved once, then the action runs. */
export function PuzzleModal({
  open,
  scene,
  onClose,
  onSolved,
}: {
  open: boolean;
  scene: PuzzleScene;
  onClose: () => void;
  onSolved: (puzzleToken: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onClose={onClose} title={t('puzzle.title')} size="small">
      {open && <SlidePuzzle scene={scene} onSolved={onSolved} />}
    </Modal>
  );
}
