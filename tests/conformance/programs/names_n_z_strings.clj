;; clojure.string (aliases str/, string/ and the full clojure.string/), with edge cases: empty
;; strings, nil, unicode, wrong argument types.
;;;; nzs_blank
[(str/blank? "") (str/blank? nil) (string/blank? " \t\n") (clojure.string/blank? "x") (str/blank? " . ") (str/blank? "\u00a0")]
;;;; nzs_blank_number_is_type_error
(str/blank? 5)
;;;; nzs_capitalize
[(str/capitalize "hELLO") (string/capitalize "") (clojure.string/capitalize "a") (str/capitalize "élan VITAL") (str/capitalize "1abc") (str/capitalize " x")]
;;;; nzs_capitalize_nil_is_type_error
(str/capitalize nil)
;;;; nzs_starts_ends_with
[(str/starts-with? "hello" "") (string/starts-with? "" "a") (clojure.string/starts-with? "héllo" "hé") (str/ends-with? "hello" "") (string/ends-with? "naïve" "ïve") (str/ends-with? "a" "ba") (str/starts-with? "Hello" "h")]
;;;; nzs_starts_with_nil_is_type_error
(str/starts-with? nil "a")
;;;; nzs_ends_with_keyword_uses_text
(str/ends-with? :abc "c")
;;;; nzs_escape
[(str/escape "a<b>&c" {\< "&lt;" \> "&gt;" \& "&amp;"}) (string/escape "" {\a "b"}) (clojure.string/escape "abc" {}) (str/escape "tab\there" {\tab "\\t"}) (str/escape "aaa" {\a 1})]
;;;; nzs_escape_fn_cmap
(str/escape "hello" #(when (= % \l) "L"))
;;;; nzs_includes
[(str/includes? "hello" "") (string/includes? "" "") (clojure.string/includes? "café" "fé") (str/includes? "abc" "ABC") (str/includes? "a.b" ".")]
;;;; nzs_includes_nil_is_type_error
(str/includes? nil "a")
;;;; nzs_includes_char_is_type_error
(str/includes? "abc" \a)
;;;; nzs_index_of
[(str/index-of "hello" "l") (string/index-of "hello" "z") (clojure.string/index-of "hello" "l" 3) (str/index-of "hello" "") (str/index-of "" "a") (str/index-of "héllo" "l") (str/index-of "abc" \b) (str/index-of "hello" "l" 10)]
;;;; nzs_last_index_of
[(str/last-index-of "hello" "l") (string/last-index-of "hello" "z") (clojure.string/last-index-of "hello" "l" 2) (str/last-index-of "a.b.c" ".") (str/last-index-of "" "") (str/last-index-of "abcabc" \c) (str/last-index-of "héhé" "é")]
;;;; nzs_index_of_nil_is_type_error
(str/index-of nil "a")
;;;; nzs_join
[(str/join []) (string/join "," nil) (clojure.string/join ", " ["a"]) (str/join "-" [nil nil]) (str/join "" ["é" "€"]) (str/join \, [1 2]) (str/join ", " (map name [:x :y]))]
;;;; nzs_join_set_sorted
(str/join "," (sort #{"b" "a" "c"}))
;;;; nzs_join_string_coll
(str/join "-" "abc")
;;;; nzs_lower_upper_case
[(str/lower-case "ÀÉÎ") (string/upper-case "àéî") (clojure.string/lower-case "") (str/upper-case "abc-123_x") (str/lower-case "MiXeD") (str/upper-case "ñ")]
;;;; nzs_upper_case_sharp_s
(str/upper-case "straße")
;;;; nzs_lower_case_keyword_uses_text
(str/lower-case :KEY)
;;;; nzs_upper_case_nil_is_type_error
(str/upper-case nil)
;;;; nzs_replace
[(str/replace "a-b-c" "-" "+") (string/replace "aaa" "a" "bb") (clojure.string/replace "hello" #"l+" "L") (str/replace "abc" #"(\w)" "$1$1") (str/replace "x" "" "-") (str/replace "héllo" "é" "e") (str/replace "a1b2" #"\d" #(str "<" % ">")) (str/replace "" #"a" "b")]
;;;; nzs_replace_chars
(str/replace "a.b.c" \. \/)
;;;; nzs_replace_regex_groups_fn
(str/replace "2024-01-15" #"(\d+)-(\d+)-(\d+)" (fn [[_ y m d]] (str d "/" m "/" y)))
;;;; nzs_replace_nil_is_type_error
(str/replace nil "a" "b")
;;;; nzs_replace_first
[(str/replace-first "a-b-c" "-" "+") (string/replace-first "aaa" #"a" "b") (clojure.string/replace-first "abc" "z" "y") (str/replace-first "x1y2" #"\d" #(str (* 10 (parse-long %)))) (str/replace-first "" "a" "b")]
;;;; nzs_reverse
[(str/reverse "abc") (string/reverse "") (clojure.string/reverse "héllo") (str/reverse "a b") (str/reverse "€1")]
;;;; nzs_reverse_nil_is_type_error
(str/reverse nil)
;;;; nzs_split
[(str/split "a b" #" ") (string/split "" #"\s") (clojure.string/split "a,b,,c" #",") (str/split "a1b2c3" #"\d") (str/split "  lead" #" ") (str/split "é|ü" #"\|") (str/split "a,b,c" #"," -1) (str/split "a,,b,," #"," -1)]
;;;; nzs_split_limit
[(str/split "a,b,c,d" #"," 2) (str/split "a,b" #"," 1) (str/split "a,b" #"," 0) (str/split "abc" #"" 2)]
;;;; nzs_split_nil_is_type_error
(str/split nil #",")
;;;; nzs_split_lines
[(str/split-lines "") (string/split-lines "a\n\nb") (clojure.string/split-lines "a\r\nb\n") (str/split-lines "\n") (str/split-lines "x\ry") (str/split-lines "one line")]
;;;; nzs_split_lines_nil_is_type_error
(str/split-lines nil)
;;;; nzs_trim_family
[(str/trim "") (string/trim "\u00a0x\u00a0") (clojure.string/trim "\n\t x y \r\n") (str/triml "  a  ") (str/trimr "  a  ") (string/triml "") (clojure.string/trimr "\t") (str/trim "é ")]
;;;; nzs_trim_nil_is_type_error
(str/trim nil)
;;;; nzs_triml_number_is_type_error
(str/triml 12)
;;;; nzs_trim_newline
[(str/trim-newline "a\n") (string/trim-newline "a\r\n\r\n") (clojure.string/trim-newline "a\n ") (str/trim-newline "") (str/trim-newline "\n\n") (str/trim-newline "x\ry")]
;;;; nzs_trim_newline_nil_is_type_error
(str/trim-newline nil)
;;;; nzs_realistic_slug
(defn slug [s] (-> s str/trim str/lower-case (str/replace #"[^a-z0-9]+" "-") (str/replace #"^-|-$" "")))
[(slug "  Hello, World!  ") (slug "Déjà vu") (slug "") (slug "---")]
;;;; nzs_realistic_csv
(let [text "name,qty\nAnn,3\nBo,\n"
      [header & rows] (str/split-lines text)
      ks (map keyword (str/split header #","))]
  (mapv #(zipmap ks (str/split % #"," -1)) rows))
;;;; nzs_realistic_words
(->> (str/split (str/lower-case "The cat and THE hat") #"\s+") frequencies (sort-by (juxt (comp - val) key)) (map key))
