import { SearchBar, type SearchBarRef } from 'antd-mobile';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';

export interface KeywordSearchBarProps {
  /** The keyword in force (the list's filter); a change from outside (back, clear) shows here. */
  keyword: string;
  /** Receives the trimmed text: after `delayMs` of quiet typing, at once on Enter, '' on clear. */
  onKeyword: (keyword: string) => void;
  delayMs: number;
  placeholder: string;
  maxLength: number;
  autoFocus?: boolean;
  testId: string;
}

/**
 * The search box of every list: typed text searches after a pause, Enter and clear at once.
 * Text still being composed with an input method (pinyin) is not searched half-way.
 */
export function KeywordSearchBar({ keyword, onKeyword, delayMs, placeholder, maxLength, autoFocus, testId }: KeywordSearchBarProps) {
  const searchRef = useRef<SearchBarRef>(null);
  const [input, setInput] = useState(keyword);
  const [seenKeyword, setSeenKeyword] = useState(keyword);
  const composing = useRef(false);
  // The latest callback, so a new one from each parent render never re-arms the pause.
  const latest = useRef(onKeyword);
  useLayoutEffect(() => {
    latest.current = onKeyword;
  });

  if (seenKeyword !== keyword) {
    setSeenKeyword(keyword);
    setInput(keyword);
  }

  useEffect(() => {
    if (composing.current || input.trim() === keyword) return;
    const timer = setTimeout(() => latest.current(input.trim()), delayMs);
    return () => clearTimeout(timer);
  }, [input, keyword, delayMs]);

  return (
    <SearchBar
      ref={searchRef}
      value={input}
      placeholder={placeholder}
      autoFocus={autoFocus}
      maxLength={maxLength}
      onChange={setInput}
      onCompositionStart={() => {
        composing.current = true;
      }}
      onCompositionEnd={(event) => {
        composing.current = false;
        setInput(event.currentTarget.value);
      }}
      onSearch={(value) => {
        latest.current(value.trim());
        searchRef.current?.blur();
      }}
      onClear={() => latest.current('')}
      data-testid={testId}
    />
  );
}
