/** What every overlay slot receives from the overlay host. */
export interface OverlayProps {
  visible: boolean;
  onClose(): void;
}
