/* Counterplays' legal placements, computed from the tiles laid, in C.

   The same rules as placement.py (which stays the reference): a placement on the
   table covers six empty cells, one of them beside the stack; a placement at level
   h+1 covers six cells at height h, resting on two tiles or more; rule d) keeps, for
   each tile, only the highest level it can reach.

   Cells are the engine's integer keys (geometry.py): a key is even when its cell
   points up, and the third neighbour is a row below (up) or above (down). The grid
   arrays below cover every key, so no bound check is needed; only the cells of the
   stack are written, and they are cleared before returning, so each call starts from
   an empty table without clearing a megabyte. */

#include <Python.h> /* for cp_legal_list; cffi includes it, with the limited API */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define MAX_ORIENTS 128
#define MAX_CELLS 256
#define SHIFT 21

static int width;
static int grid_size;
static unsigned char *height;   /* tiles standing on a cell */
static unsigned char *top;      /* index of the tile on top */
static unsigned int *stamp;     /* marks cells already met in one pass */
static unsigned int pass;

static int n_orients;
static int o_letter[MAX_ORIENTS];
/* each letter's orientations, in index order */
static int l_orients[12][MAX_ORIENTS], l_count[12];
static int o_first_up[MAX_ORIENTS];
static int o_rel[MAX_ORIENTS][6];
/* the same offsets, farthest from the first cell first: a far cell is the likeliest
   to break a placement, so checking it first stops most candidates sooner */
static int o_check[MAX_ORIENTS][6];
/* offsets of the orientation's up cells [0] and down cells [1] from its first cell */
static int o_side[MAX_ORIENTS][2][6];
static int o_side_n[MAX_ORIENTS][2];
/* the same cells as (column, row) steps from the first cell, for the bit-boards */
static int o_dx[MAX_ORIENTS][6];
static int o_dy[MAX_ORIENTS][6];

/* Bit-boards: when the stack fits in a window of 64 columns (with MARGIN empty
   columns on each side, wider than any tile), each row of the window is one 64-bit
   word, and the anchors of one orientation in one row are found with a few shifts
   and ANDs, already in key order and without duplicates. Wider stacks take the
   cell-by-cell loops, which give the same placements. */
#define MARGIN 8
#define ROW_MARGIN 4
#define MAX_ROWS 128
static int boards_on = 1;

static int next_pass(void) {
    pass++;
    if (pass == 0) { /* wrapped around: forget every old mark */
        memset(stamp, 0, sizeof(unsigned int) * (size_t)grid_size);
        pass = 1;
    }
    return (int)pass;
}

/* data: 8 ints per orientation (letter, first_up, rel[6]), in index order. */
int cp_setup(int grid_width, int count, const int *data) {
    if (count > MAX_ORIENTS || grid_width <= 0) return -1;
    width = grid_width;
    grid_size = grid_width * grid_width;
    free(height); free(top); free(stamp);
    height = calloc((size_t)grid_size, 1);
    top = calloc((size_t)grid_size, 1);
    stamp = calloc((size_t)grid_size, sizeof(unsigned int));
    if (!height || !top || !stamp) return -1;
    pass = 0;
    n_orients = count;
    memset(l_count, 0, sizeof l_count);
    for (int i = 0; i < count; i++) {
        const int *d = data + 8 * i;
        o_letter[i] = d[0];
        if (d[0] < 0 || d[0] >= 12) return -1;
        l_orients[d[0]][l_count[d[0]]++] = i;
        o_first_up[i] = d[1];
        o_side_n[i][0] = o_side_n[i][1] = 0;
        /* an anchor key has the parity of the first cell; a cell is up when even */
        int anchor_parity = d[1] ? 0 : 1;
        for (int j = 0; j < 6; j++) {
            int r = d[2 + j];
            o_rel[i][j] = r;
            int side = ((anchor_parity + r) % 2 + 2) % 2;
            o_side[i][side][o_side_n[i][side]++] = r;
            o_check[i][j] = r;
            /* a step of less than half a row is a column step within the row */
            int dy = (r + width / 2 + width * 8) / width - 8;
            o_dy[i][j] = dy;
            o_dx[i][j] = r - dy * width;
            if (o_dx[i][j] >= MARGIN || -o_dx[i][j] >= MARGIN) return -1;
            /* the first cell is the lowest one: the seams' row bounds rely on it */
            if (dy >= ROW_MARGIN || dy < 0) return -1;
        }
        for (int j = 1; j < 6; j++) {
            int x = o_check[i][j], k = j - 1;
            while (k >= 0 && abs(o_check[i][k]) < abs(x)) {
                o_check[i][k + 1] = o_check[i][k];
                k--;
            }
            o_check[i][k + 1] = x;
        }
    }
    return 0;
}

/* Sorts a short run that is mostly in order already (the anchors of one orientation). */
static void sort_run(int *v, int n) {
    for (int i = 1; i < n; i++) {
        int x = v[i], j = i - 1;
        while (j >= 0 && v[j] > x) { v[j + 1] = v[j]; j--; }
        v[j + 1] = x;
    }
}

/* Placements at level h+1 for orientation o, anchored on the cells of `anchors`. */
static int stacked(int o, int h, const int *anchors, int n, int *out, int room) {
    int found = 0;
    const int *rel = o_check[o];
    for (int i = 0; i < n; i++) {
        int a = anchors[i];
        int ok = 1, t = top[a], several = 0;
        for (int j = 0; j < 5; j++) { /* the sixth, offset 0, is the anchor itself */
            int c = a + rel[j];
            if (height[c] != h) { ok = 0; break; }
            if (top[c] != t) several = 1;
        }
        if (ok && several) {
            if (found >= room) return -1;
            out[found++] = (o << SHIFT) | a;
        }
    }
    return found;
}

/* Placements on the table for orientation o: the frontier cell fixes the anchor. */
static int on_table(int o, const int *front, int nf, int *out, int room) {
    int found = 0;
    int mark = next_pass();
    const int *rel = o_check[o];
    for (int i = 0; i < nf; i++) {
        int f = front[i];
        int side = f & 1;
        for (int k = 0; k < o_side_n[o][side]; k++) {
            int a = f - o_side[o][side][k];
            int ok = 1;
            for (int j = 0; j < 6; j++) {
                if (height[a + rel[j]]) { ok = 0; break; }
            }
            /* most candidates fail on a cell of the stack; only the others are marked,
               so a placement touching the frontier twice is kept once */
            if (ok && stamp[a] != (unsigned int)mark) {
                stamp[a] = (unsigned int)mark;
                if (found >= room) return -1;
                out[found++] = (o << SHIFT) | a;
            }
        }
    }
    return found;
}

/* Turns the bit-boards off (1) or back on (0): the tests compare both ways. */
void cp_cell_by_cell(int on) { boards_on = !on; }

/* Row r of a board is word r + PAD: the PAD empty words on each side let a tile's
   rows be read without a bound check. */
#define PAD ROW_MARGIN
typedef struct {
    int col0, row0, rows; /* key column of bit 0, key row of row 0, number of rows */
    uint64_t occupied[MAX_ROWS + 2 * PAD];
    uint64_t frontier[MAX_ROWS + 2 * PAD];
    uint64_t at[32][MAX_ROWS + 2 * PAD]; /* at[h]: cells whose stack is exactly h high */
    int first[32], last[32]; /* the rows where a placement at h+1 may be anchored */
} Boards;

static inline uint64_t word(const uint64_t *rows, int r, int dx) {
    /* bit b of the result is the cell dx columns to the right of bit b */
    return dx >= 0 ? rows[r + PAD] >> dx : rows[r + PAD] << -dx;
}

/* the anchors of one parity in row r: up cells are those whose column + row is even */
static uint64_t parity(const Boards *bd, int r, int up) {
    int even_bits_up = ((bd->col0 + bd->row0 + r) & 1) == 0;
    return (even_bits_up == up) ? 0x5555555555555555ULL : 0xAAAAAAAAAAAAAAAAULL;
}

static int emit_row(const Boards *bd, int o, int r, uint64_t bits, int *out, int found,
                    int room, int check_tops) {
    while (bits) {
        int b = __builtin_ctzll(bits);
        bits &= bits - 1;
        int a = (bd->row0 + r) * width + bd->col0 + b;
        if (check_tops) { /* resting on two tiles or more */
            int t = top[a], several = 0;
            for (int j = 1; j < 6; j++) several |= top[a + o_rel[o][j]] != t;
            if (!several) continue;
        }
        if (found >= room) return -1;
        out[found++] = (o << SHIFT) | a;
    }
    return found;
}

static int stacked_board(const Boards *bd, int o, int h, int *out, int room) {
    int found = 0;
    for (int r = bd->first[h]; r <= bd->last[h]; r++) {
        uint64_t bits = parity(bd, r, o_first_up[o]);
#pragma GCC unroll 6
        for (int j = 0; j < 6 && bits; j++)
            bits &= word(bd->at[h], r + o_dy[o][j], o_dx[o][j]);
        if (bits && (found = emit_row(bd, o, r, bits, out, found, room, 1)) < 0) return -1;
    }
    return found;
}

static int table_board(const Boards *bd, int o, int *out, int room) {
    int found = 0;
    for (int r = 0; r < bd->rows; r++) {
        uint64_t taken = 0, touching = 0;
#pragma GCC unroll 6 /* unrolled, the six cells' shifts are known: ~8% of a position */
        for (int j = 0; j < 6; j++) {
            taken |= word(bd->occupied, r + o_dy[o][j], o_dx[o][j]);
            touching |= word(bd->frontier, r + o_dy[o][j], o_dx[o][j]);
        }
        uint64_t bits = touching & ~taken & parity(bd, r, o_first_up[o]);
        if (bits && (found = emit_row(bd, o, r, bits, out, found, room, 0)) < 0) return -1;
    }
    return found;
}

/* Fills the boards if the stack fits the window; returns whether it does. */
static int fill_boards(Boards *bd, const int *occupied, int n_occ, const int *front, int nf,
                       int max_h) {
    int cmin = 1 << 30, cmax = -1, rmin = 1 << 30, rmax = -1;
    for (int i = 0; i < n_occ; i++) {
        int col = occupied[i] % width, row = occupied[i] / width;
        if (col < cmin) cmin = col;
        if (col > cmax) cmax = col;
        if (row < rmin) rmin = row;
        if (row > rmax) rmax = row;
    }
    if (cmax - cmin + 1 + 2 * MARGIN > 64) return 0;
    if (rmax - rmin + 1 + 2 * ROW_MARGIN > MAX_ROWS) return 0;
    bd->col0 = cmin - MARGIN;
    bd->row0 = rmin - ROW_MARGIN;
    bd->rows = rmax - rmin + 1 + 2 * ROW_MARGIN;
    size_t bytes = sizeof(uint64_t) * (size_t)(bd->rows + 2 * PAD);
    memset(bd->occupied, 0, bytes);
    memset(bd->frontier, 0, bytes);
    for (int h = 1; h <= max_h; h++) {
        memset(bd->at[h], 0, bytes);
        bd->first[h] = bd->rows;
        bd->last[h] = -1;
    }
    for (int i = 0; i < n_occ; i++) {
        int c = occupied[i], h = height[c];
        int r = c / width - bd->row0;
        uint64_t bit = 1ULL << (c % width - bd->col0);
        bd->occupied[r + PAD] |= bit;
        bd->at[h][r + PAD] |= bit;
        /* a placement at h+1 rests on two tiles, so it covers a seam: two cells
           sharing an edge, both at height h, with different tiles on top; its anchor
           (its lowest row, the tile spanning four rows at most) is at most 3 rows
           below the seam's upper cell and not above its lower one */
        int t = top[c], v = (c & 1) ? c + width : c - width;
        if (height[c + 1] == h && top[c + 1] != t) {
            if (r - 3 < bd->first[h]) bd->first[h] = r - 3;
            if (r > bd->last[h]) bd->last[h] = r;
        }
        if (height[v] == h && top[v] != t) {
            int lo = (c & 1) ? r : r - 1;
            if (lo - 2 < bd->first[h]) bd->first[h] = lo - 2;
            if (lo > bd->last[h]) bd->last[h] = lo;
        }
    }
    for (int i = 0; i < nf; i++) {
        int c = front[i];
        bd->frontier[c / width - bd->row0 + PAD] |= 1ULL << (c % width - bd->col0);
    }
    return 1;
}

/* cells: 6 keys per tile, in the order the tiles were laid (at least one tile).
   letters: bit i set for the i-th letter of COUNTERPLAYS to look at.
   out: the placements, `orientation << 21 | anchor`, sorted (so by letter, then
   orientation, then anchor); levels[i]: the level letter i reaches (0 if not asked).
   Returns how many placements, or -1 if `out` is too small or the input is bad. */
int cp_generate(const int *cells, int n_cells, int letters, int *out, int room, int *levels) {
    static int occupied[MAX_CELLS];
    static int by_height[32][2][MAX_CELLS];
    static int by_height_n[32][2];
    static int front[3 * MAX_CELLS];
    int n_occ = 0, max_h = 0, nf = 0, total = 0, bad = 0;

    if (n_cells % 6 != 0 || n_cells > 6 * 30 || height == NULL) return -1;
    for (int i = 0; i < n_cells; i += 6) {
        int level = height[cells[i]] + 1;
        for (int j = 0; j < 6; j++) {
            int c = cells[i + j];
            if (c < 8 * width || c >= grid_size - 8 * width) { bad = 1; break; }
            if (height[c] == 0) occupied[n_occ++] = c;
            height[c] = (unsigned char)level;
            top[c] = (unsigned char)(i / 6);
        }
        if (bad) break;
        if (level > max_h) max_h = level;
    }
    if (!bad && max_h >= 31) bad = 1;
    if (bad) {
        for (int i = 0; i < n_occ; i++) height[occupied[i]] = top[occupied[i]] = 0;
        return -1;
    }

    for (int h = 1; h <= max_h; h++) by_height_n[h][0] = by_height_n[h][1] = 0;
    int mark = next_pass();
    for (int i = 0; i < n_occ; i++) {
        int c = occupied[i];
        int h = height[c];
        by_height[h][c & 1][by_height_n[h][c & 1]++] = c;
        int nb[3] = {c - 1, c + 1, (c & 1) ? c + width : c - width};
        for (int k = 0; k < 3; k++) {
            int n = nb[k];
            if (height[n] == 0 && stamp[n] != (unsigned int)mark) {
                stamp[n] = (unsigned int)mark;
                front[nf++] = n;
            }
        }
    }

    static Boards bd;
    int boards = boards_on && fill_boards(&bd, occupied, n_occ, front, nf, max_h);

    for (int letter = 0; letter < 12; letter++) {
        levels[letter] = 0;
        if (!(letters >> letter & 1)) continue;
        int start = total;
        for (int h = max_h; h >= 1 && total == start; h--) {
            if (boards && bd.first[h] > bd.last[h]) continue; /* no seam at height h */
            for (int k = 0; k < l_count[letter]; k++) {
                int o = l_orients[letter][k];
                int side = o_first_up[o] ? 0 : 1;
                int got = boards ? stacked_board(&bd, o, h, out + total, room - total)
                                 : stacked(o, h, by_height[h][side], by_height_n[h][side],
                                           out + total, room - total);
                if (got < 0) { total = -1; goto done; }
                /* orientations come in index order: sorting each run sorts them all
                   (the boards' runs come sorted already) */
                if (!boards) sort_run(out + total, got);
                total += got;
            }
            if (total > start) levels[letter] = h + 1;
        }
        if (total == start) {
            levels[letter] = 1;
            for (int k = 0; k < l_count[letter]; k++) {
                int o = l_orients[letter][k];
                int got = boards ? table_board(&bd, o, out + total, room - total)
                                 : on_table(o, front, nf, out + total, room - total);
                if (got < 0) { total = -1; goto done; }
                if (!boards) sort_run(out + total, got);
                total += got;
            }
        }
    }
done:
    for (int i = 0; i < n_occ; i++) height[occupied[i]] = top[occupied[i]] = 0;
    return total;
}

/* Slot numbers for placements, so that Python finds a placement's text by indexing
   a list instead of hashing the placement in a large dict. A placement keeps the
   slot it got when first met; slots are handed out in order. */
#define SLOT_ROOM (1 << 19)
#define BUCKETS (1 << 20) /* at most half full */
static int *bucket_code, *bucket_slot, *slot_codes;
static int slots_used;

void cp_slots_clear(void) {
    if (bucket_code) memset(bucket_code, 0xff, BUCKETS * sizeof(int));
    slots_used = 0;
}

/* slots[i] = the slot of codes[i]; returns how many slots are taken in all, or -1
   when the table is full (clear it and ask again). */
int cp_slots(const int *codes, int n, int *slots) {
    if (!bucket_code) {
        bucket_code = malloc(BUCKETS * sizeof(int));
        bucket_slot = malloc(BUCKETS * sizeof(int));
        slot_codes = malloc(SLOT_ROOM * sizeof(int));
        if (!bucket_code || !bucket_slot || !slot_codes) {
            free(bucket_code); free(bucket_slot); free(slot_codes);
            bucket_code = bucket_slot = slot_codes = NULL;
            return -1;
        }
        cp_slots_clear();
    }
    for (int i = 0; i < n; i++) {
        int code = codes[i];
        unsigned int b = ((unsigned int)code * 2654435761u) & (BUCKETS - 1);
        while (bucket_code[b] != -1 && bucket_code[b] != code) b = (b + 1) & (BUCKETS - 1);
        if (bucket_code[b] == -1) {
            if (slots_used >= SLOT_ROOM) return -1;
            bucket_code[b] = code;
            bucket_slot[b] = slots_used;
            slot_codes[slots_used++] = code;
        }
        slots[i] = bucket_slot[b];
    }
    return slots_used;
}

/* The placements of slots first .. first + n - 1, into out. */
void cp_slot_codes(int first, int n, int *out) {
    memcpy(out, slot_codes + first, (size_t)n * sizeof(int));
}

/* ------------------------------------------------------------------------------
   The legal list itself, as the contract hands it out: one call generating the
   placements and building the Python list of their texts, with no Python loop.
   Called through ctypes.PyDLL, which keeps the interpreter lock held (cffi lets go
   of it, and the Python objects below need it); the caller also holds the
   generator's lock, since the static arrays are shared with cp_generate's callers.

   Each placement's text is kept in a table of its own, a reference held by the
   table: the list costs a lookup and a reference per placement. A random game
   meets a few hundred new placements, so the table is laid out for the cache: the
   placements of one orientation along one row get neighbouring buckets, as do the
   buckets a position looks up one after the other. Only the limited API: cffi
   builds the module with it. */
typedef struct {
    int code;
    PyObject *text;
} Known;
#define KNOWN_BUCKETS (1 << 19) /* at most half full */
static Known *known;
static int known_used;
static int list_out[1 << 17];
static unsigned int list_bucket[1 << 17];
static PyObject *list_text[1 << 17];
#if defined(__GNUC__)
#define PREFETCH(address) __builtin_prefetch(address)
#else
#define PREFETCH(address) ((void)0)
#endif

static unsigned int known_bucket(int code) {
    unsigned int anchor = (unsigned int)code & ((1u << SHIFT) - 1);
    return (anchor + (unsigned int)(code >> SHIFT) * 176309u) & (KNOWN_BUCKETS - 1);
}

/* Lets go of every text kept (a long-lived server starts again when half full). */
void cp_legal_forget(void) {
    if (!known) return;
    for (int b = 0; b < KNOWN_BUCKETS; b++) {
        if (known[b].code != -1) {
            known[b].code = -1;
            Py_CLEAR(known[b].text);
        }
    }
    known_used = 0;
}

/* cells, n_cells, letters: as cp_generate's. make_text(code) gives the text of a
   placement met for the first time. Returns (moves, codes as native ints in bytes,
   levels in bytes), or NULL with a Python exception set. */
static PyObject *legal_list(const int *cells, int n_cells, int letters, PyObject *make_text) {
    int levels[12];
    unsigned char level_bytes[12];
    int n = cp_generate(cells, n_cells, letters, list_out,
                        (int)(sizeof list_out / sizeof(int)), levels);
    if (n < 0) {
        PyErr_SetString(PyExc_ValueError,
                        "the stack is beyond what the compiled generator handles");
        return NULL;
    }
    if (!known) {
        known = malloc(KNOWN_BUCKETS * sizeof(Known));
        if (!known) return PyErr_NoMemory();
        for (int b = 0; b < KNOWN_BUCKETS; b++) {
            known[b].code = -1;
            known[b].text = NULL;
        }
    }
    /* a long-lived server met a quarter of a million placements: start again, before
       any of this list's texts is looked up */
    if (known_used + n > KNOWN_BUCKETS / 2) cp_legal_forget();
    /* The time goes into memory that is not in the cache (the buckets and the texts
       a position meets first): each pass asks for what the next one reads, so the
       misses overlap instead of coming one after the other. */
    for (int i = 0; i < n; i++) {
        list_bucket[i] = known_bucket(list_out[i]);
        PREFETCH(&known[list_bucket[i]]);
    }
    for (int i = 0; i < n; i++) {
        int code = list_out[i];
        unsigned int b = list_bucket[i];
        while (known[b].code != -1 && known[b].code != code) b = (b + 1) & (KNOWN_BUCKETS - 1);
        if (known[b].code == -1) {
            PyObject *text = PyObject_CallFunction(make_text, "i", code);
            if (!text) return NULL;
            known[b].code = code;
            known[b].text = text;
            known_used++;
        }
        list_text[i] = known[b].text;
        PREFETCH(list_text[i]);
    }
    PyObject *moves = PyList_New(n);
    if (!moves) return NULL;
    for (int i = 0; i < n; i++) {
        Py_INCREF(list_text[i]);
        PyList_SetItem(moves, i, list_text[i]);
    }
    for (int i = 0; i < 12; i++) level_bytes[i] = (unsigned char)levels[i];
    PyObject *codes = PyBytes_FromStringAndSize((const char *)list_out,
                                                (Py_ssize_t)n * (Py_ssize_t)sizeof(int));
    PyObject *level_of = PyBytes_FromStringAndSize((const char *)level_bytes, 12);
    PyObject *result = codes && level_of ? PyTuple_New(3) : NULL;
    if (!result) {
        Py_DECREF(moves);
        Py_XDECREF(codes);
        Py_XDECREF(level_of);
        return NULL;
    }
    PyTuple_SetItem(result, 0, moves);
    PyTuple_SetItem(result, 1, codes);
    PyTuple_SetItem(result, 2, level_of);
    return result;
}

/* legal_list as a Python function, legal(address of the cells, how many, letters),
   its make_text bound: called as any built-in function, much faster than through
   ctypes. Only this maker is called through ctypes, once. */
static PyObject *legal_call(PyObject *make_text, PyObject *args) {
    unsigned long long address;
    int n_cells, letters;
    if (!PyArg_ParseTuple(args, "Kii", &address, &n_cells, &letters)) return NULL;
    return legal_list((const int *)(uintptr_t)address, n_cells, letters, make_text);
}

static PyMethodDef legal_def = {"legal", legal_call, METH_VARARGS, NULL};

PyObject *cp_legal_function(PyObject *make_text) {
    return PyCFunction_NewEx(&legal_def, make_text, NULL);
}
