;; Special forms and core macros.
;;;; sf_def_value
(def x 10)
(* x 2)
;;;; sf_def_docstring
(def rate "tax rate in percent" 20)
(+ rate 1)
;;;; sf_def_redefine
(def a 1)
(def a (+ a 41))
a
;;;; sf_defn_simple
(defn square [x] (* x x))
(square 7)
;;;; sf_defn_docstring
(defn greet
  "Greets someone by name."
  [name]
  (str "Hello, " name "!"))
(greet "Ada")
;;;; sf_defn_multi_arity
(defn area
  ([side] (area side side))
  ([w h] (* w h)))
[(area 3) (area 2 5)]
;;;; sf_defn_variadic
(defn total [first-item & more]
  (apply + first-item more))
[(total 1) (total 1 2 3 4)]
;;;; sf_defn_variadic_rest_nil
(defn rest-of [a & more] more)
(rest-of 1)
;;;; sf_defn_destructuring_params
(defn describe [{:keys [name age]} [first-tag]]
  (str name " (" age ") " first-tag))
(describe {:name "Bo" :age 31} ["admin" "dev"])
;;;; sf_defn_recursive
(defn fact [n] (if (<= n 1) 1 (* n (fact (dec n)))))
(fact 10)
;;;; sf_defn_calls_later_defn
(defn helper [x] (+ x 100))
(defn main-fn [xs] (mapv helper xs))
(main-fn [1 2 3])
;;;; sf_defonce
(defonce config {:retries 3})
(defonce config {:retries 5})
(:retries config)
;;;; sf_fn_anonymous
((fn [a b] (- a b)) 10 3)
;;;; sf_fn_named_recursion
((fn countdown [n acc] (if (zero? n) acc (countdown (dec n) (conj acc n)))) 4 [])
;;;; sf_fn_multi_arity
(let [f (fn ([] 0) ([x] x) ([x y] (+ x y)))]
  [(f) (f 5) (f 5 6)])
;;;; sf_fn_short_percent
(map #(* % %) [1 2 3 4])
;;;; sf_fn_short_numbered
(map #(- %2 %1) [1 2 3] [10 20 30])
;;;; sf_fn_short_rest
(#(apply + %&) 1 2 3 4)
;;;; sf_fn_closure
(defn make-adder [n] (fn [x] (+ x n)))
(let [add5 (make-adder 5)] (map add5 [1 2 3]))
;;;; sf_let_basic
(let [a 2 b (* a 3) c (+ a b)] [a b c])
;;;; sf_let_shadow
(let [x 1 x (+ x 1) x (* x 10)] x)
;;;; sf_let_nested
(let [x 1] (let [y 2] (let [x 10] (+ x y))))
;;;; sf_letfn_mutual
(letfn [(my-even? [n] (if (zero? n) true (my-odd? (dec n))))
        (my-odd? [n] (if (zero? n) false (my-even? (dec n))))]
  [(my-even? 10) (my-odd? 7) (my-even? 3)])
;;;; sf_letfn_single
(letfn [(twice [x] (* 2 x))] (twice 21))
;;;; sf_if_basic
[(if true :yes :no) (if false :yes :no) (if nil :yes :no) (if 0 :yes :no) (if "" :yes :no)]
;;;; sf_if_no_else
(if false 1)
;;;; sf_if_not
[(if-not (empty? [1]) :has :none) (if-not nil 1 2)]
;;;; sf_when
[(when true 1 2 3) (when false 1)]
;;;; sf_when_not
[(when-not false :ran) (when-not true :ran)]
;;;; sf_cond
(defn grade [score]
  (cond
    (>= score 90) "A"
    (>= score 80) "B"
    (>= score 70) "C"
    :else "F"))
(mapv grade [95 85 72 10])
;;;; sf_cond_no_match
(cond (= 1 2) :a (= 3 4) :b)
;;;; sf_condp_eq
(defn label [x] (condp = x 1 "one" 2 "two" "many"))
(mapv label [1 2 3])
;;;; sf_condp_arrow
(condp some [1 2 3] #{0 4} :>> inc #{2 9} :>> (fn [x] (* 100 x)) :none)
;;;; sf_condp_lt
(condp < 7 10 :big 5 :medium :small)
;;;; sf_case_basic
(defn kind [x] (case x :a "alpha" :b "beta" "other"))
(mapv kind [:a :b :c])
;;;; sf_case_grouped
(defn size [n] (case n (1 2 3) :small (4 5 6) :medium :large))
(mapv size [2 5 9])
;;;; sf_case_strings
(case "get" "get" :read "put" :write :unknown)
;;;; sf_do
(do 1 2 3)
;;;; sf_and_or
[(and) (or) (and 1 2 3) (and 1 nil 3) (or nil false 7) (or nil false) (and true false)]
;;;; sf_and_short_circuit
(and false (/ 1 0))
;;;; sf_or_short_circuit
(or 5 (/ 1 0))
;;;; sf_loop_recur_sum
(loop [i 0 acc 0]
  (if (> i 100) acc (recur (inc i) (+ acc i))))
;;;; sf_loop_recur_fib
(loop [n 10 a 0 b 1 out []]
  (if (zero? n) out (recur (dec n) b (+ a b) (conj out a))))
;;;; sf_loop_destructure
(loop [[x & more] [3 1 4 1 5] best 0]
  (if (nil? x) best (recur more (max best x))))
;;;; sf_recur_in_fn
(defn count-down [n acc] (if (neg? n) acc (recur (dec n) (conj acc n))))
(count-down 3 [])
;;;; sf_for_basic
(for [x [1 2 3]] (* x 10))
;;;; sf_for_nested
(for [x (range 3) y (range x)] [x y])
;;;; sf_for_when
(for [x (range 10) :when (odd? x)] x)
;;;; sf_for_let
(for [x [1 2 3] :let [y (* x x)] :when (> y 1)] [x y])
;;;; sf_for_while
(for [x [1 2 3 10 4] :while (< x 5)] x)
;;;; sf_for_maps
(for [{:keys [name qty]} [{:name "a" :qty 2} {:name "b" :qty 0}] :when (pos? qty)] name)
;;;; sf_doseq_nil
(doseq [x [1 2 3]] (* x 2))
;;;; sf_doseq_nested_nil
(doseq [x [1 2] y [3 4]] (+ x y))
;;;; sf_dotimes_nil
(dotimes [i 3] (inc i))
;;;; sf_thread_first
(-> 5 (+ 3) (* 2) (- 1))
;;;; sf_thread_first_maps
(-> {:a 1} (assoc :b 2) (update :a inc) (dissoc :b))
;;;; sf_thread_last
(->> (range 10) (filter even?) (map inc) (reduce +))
;;;; sf_thread_last_strings
(->> ["b" "a" "c"] sort (map str/upper-case) (str/join "-"))
;;;; sf_as_thread
(as-> 5 x (+ x 1) (* x x) (- 100 x))
;;;; sf_as_thread_mixed
(as-> [1 2 3] v (conj v 4) (map inc v) (reduce + v))
;;;; sf_some_thread
[(some-> {:a {:b 5}} :a :b inc) (some-> {:a nil} :a :b inc)]
;;;; sf_some_thread_last
[(some->> [1 2 3] (map inc) (reduce +)) (some->> nil (map inc))]
;;;; sf_cond_thread
(let [x 5]
  (cond-> []
    (odd? x) (conj :odd)
    (even? x) (conj :even)
    (> x 3) (conj :big)))
;;;; sf_cond_thread_last
(let [n 4]
  (cond->> [1 2 3 4 5]
    (even? n) (map #(* % 2))
    (> n 10) (take 1)
    true (filter #(> % 4))))
;;;; sf_if_let
[(if-let [x (first [7 8])] (* x 2) :none) (if-let [x (first [])] x :none)]
;;;; sf_if_let_false
(if-let [x false] :truthy :falsy)
;;;; sf_when_let
[(when-let [m (get {:a {:n 1}} :a)] (:n m)) (when-let [m (get {} :a)] (:n m))]
;;;; sf_if_some
[(if-some [x false] [:some x] :none) (if-some [x nil] [:some x] :none)]
;;;; sf_when_some
[(when-some [x 0] (inc x)) (when-some [x nil] (inc x))]
;;;; sf_when_first
[(when-first [x [9 8]] (* x 2)) (when-first [x []] :never)]
;;;; sf_quote
['a '(1 2 3) (quote (+ 1 2)) '[x y] (first '(inc 1))]
;;;; sf_quote_symbol_eq
(= 'abc (symbol "abc"))
;;;; sf_try_catch_exinfo
(try
  (throw (ex-info "boom" {:code 42}))
  (catch Exception e [(ex-message e) (ex-data e)]))
;;;; sf_try_catch_arith
(try (/ 10 0) (catch Exception e :division-failed))
;;;; sf_try_finally_value
(try 1 (finally 2))
;;;; sf_try_no_error
(try (+ 1 2) (catch Exception e :never))
;;;; sf_try_catch_data_lookup
(defn risky [n] (if (> n 2) (throw (ex-info "too big" {:n n})) n))
(mapv (fn [n] (try (risky n) (catch Exception e (:n (ex-data e))))) [1 2 3 4])
;;;; sf_try_nested_rethrow
(try
  (try (throw (ex-info "inner" {:level 1}))
       (catch Exception e (throw (ex-info "outer" {:level 2 :cause (ex-message e)}))))
  (catch Exception e (ex-data e)))
;;;; sf_ex_data_nil
(ex-data (ex-info "m" {}))
;;;; sf_throwable_catch
(try (nth [1] 3) (catch Throwable t :caught))
