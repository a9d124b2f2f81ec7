/** The shared header's search box (docs/product.md §2): Enter shows the storefront's products matching the text. */
import { useState } from 'react';
import { TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useNavigate } from 'react-router-dom';
import { catalogueUrl } from '../../features/catalogue';

export function HeaderSearch() {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  return (
    <form
      role="search"
      style={{ flex: 1, maxWidth: 360 }}
      onSubmit={(event) => {
        event.preventDefault();
        navigate(catalogueUrl({ search: text }));
      }}
    >
      <TextInput
        placeholder="Search products..."
        aria-label="Search products"
        leftSection={<IconSearch size={16} />}
        visibleFrom="md"
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
      />
    </form>
  );
}
