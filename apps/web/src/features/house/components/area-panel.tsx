import { messages } from '@baobei/shared/messages';
import type { SearchInfo } from '@baobei/shared/schemas/house';
import { CheckOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { areaRootOf } from '../model/house-list-filters';
import optionStyles from '../../../components/option-list.module.css';
import styles from './filter-panels.module.css';

type AreaNode = SearchInfo['areaList'][number];

/**
 * The area filter over the city tree: top-level nodes on the left, their cities on the
 * right. "All of" a node chooses the node itself (the server covers its cities).
 */
export function AreaPanel({
  areas,
  value,
  onPick,
}: {
  areas: AreaNode[];
  value: number;
  onPick: (areaId: number) => void;
}) {
  const chosenRoot = areaRootOf(areas, value);
  const [root, setRoot] = useState<number | null>(() => chosenRoot ?? areas[0]?.value ?? null);
  const rootNode = areas.find((a) => a.value === root) ?? null;
  const children = rootNode?.children ?? [];

  return (
    <div className={styles.area} data-testid="filter-area">
      <div className={styles.areaRoots}>
        <button
          type="button"
          className={`${styles.root} ${value === 0 ? styles.rootChosen : ''}`}
          onClick={() => onPick(0)}
          data-testid="filter-option"
        >
          {messages.houseList.unlimited}
        </button>
        {areas.map((node) => (
          <button
            key={node.value}
            type="button"
            className={`${styles.root} ${node.value === root ? styles.rootActive : ''} ${node.value === chosenRoot ? styles.rootChosen : ''}`}
            onClick={() => (node.children?.length ? setRoot(node.value) : onPick(node.value))}
            data-testid="filter-option"
          >
            {node.text}
          </button>
        ))}
      </div>
      <div className={styles.areaChildren}>
        {rootNode && children.length > 0 && (
          <>
            <button
              type="button"
              className={`${optionStyles.option} ${value === rootNode.value ? optionStyles.active : ''}`}
              onClick={() => onPick(rootNode.value)}
              data-testid="filter-option"
            >
              <span>
                {messages.houseList.unlimited}
                <small className={styles.muted}>（{rootNode.text}）</small>
              </span>
              {value === rootNode.value && <CheckOutline className={optionStyles.check} />}
            </button>
            {children.map((child) => (
              <button
                key={child.value}
                type="button"
                className={`${optionStyles.option} ${value === child.value ? optionStyles.active : ''}`}
                onClick={() => onPick(child.value)}
                data-testid="filter-option"
              >
                <span>{child.text}</span>
                {value === child.value && <CheckOutline className={optionStyles.check} />}
              </button>
            ))}
          </>
        )}
      </div>
    </div>
  );
}
