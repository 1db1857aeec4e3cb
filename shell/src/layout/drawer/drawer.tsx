import type { SiteUser } from '@gota/shared/contracts';
import { useId, useRef, useState } from 'react';
import { useSiteStore } from '@gota/shared/store';
import { onDemand, OnDemandPart } from '../../on-demand/on-demand';
import { MenuIcon } from '../icons';
import type { DrawerPanelProps } from './drawer-panel';
import { Button } from '@gota/shared/ui';

export interface DrawerProps {
  /** Styles the 'Abrir menú' trigger; the top bar shows it only under 600 px (800 px signed in). */
  className?: string;
  /** The signed-in visitor, whose greeting and 'Cerrar sesión' move here from the narrow top bar. */
  user?: SiteUser | null;
}

/** The drawer's code (and Radix Dialog's): fetched when 'Abrir menú' is first pressed, hovered or focused. */
const drawerPanel = onDemand<DrawerPanelProps>(() => import('./drawer-panel').then((module) => module.DrawerPanel));

/** What the visitor reads when the drawer's code could not be fetched. */
const drawerLoadFailed = 'No pudimos abrir el menú. Revisa tu conexión e inténtalo de nuevo.';

/**
 * The side menu of narrow screens (product §2): its own 'Abrir menú' button and a left drawer with the five sections,
 * CONTÁCTANOS and the search. The drawer is closed on arrival, so the first view carries only the button; the
 * drawer opens as soon as its code arrives (decision 020).
 */
export function Drawer({ className, user = null }: DrawerProps) {
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const contentId = useId();

  return (
    <>
      <Button
        ref={trigger}
        className={className}
        aria-label="Abrir menú"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? contentId : undefined}
        onClick={() => setOpen(true)}
        onPointerEnter={drawerPanel.prefetch}
        onFocus={drawerPanel.prefetch}
        data-needs-js=""
      >
        <MenuIcon />
      </Button>
      <OnDemandPart
        part={drawerPanel}
        wanted={open}
        props={{ open, onOpenChange: setOpen, id: contentId, trigger, user }}
        onFailure={() => {
          setOpen(false);
          useSiteStore.getState().addAlert({ type: 'error', title: 'Error', subtitle: drawerLoadFailed, closable: true });
        }}
      />
    </>
  );
}
